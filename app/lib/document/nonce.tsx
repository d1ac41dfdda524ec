import { createContext, useContext, type ReactNode } from "react";

const NonceContext = createContext("");

export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext value={value}>{children}</NonceContext>;
}

/** The CSP nonce on the server; browsers hide it from scripts, so "" after hydration. */
export function useNonce(): string {
  return useContext(NonceContext);
}
