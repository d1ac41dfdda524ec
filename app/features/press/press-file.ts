/** A PDF of the press kit, as the page and the dashboard list it (its stored key stays on the server). */
export type PressFile = { id: string; title: string; size: number; createdAt: number };
