/** What a service mutation answers (SPEC section 7's {success, error} shapes). */
export type Outcome<T = object> = ({ success: true } & T) | { success: false; error: string };
