/** The signed-in person as the UI sees them (SPEC section 3, User profile). */
export type Profile = {
  id: string;
  email: string;
  displayName: string;
  createdAt: string;
  roles: string[];
};

export function parseRoles(role: string | null | undefined): string[] {
  return (role ?? "")
    .split(",")
    .map((r) => r.trim())
    .filter(Boolean);
}

export function isAdmin(profile: Profile | null | undefined): boolean {
  return profile?.roles.includes("admin") ?? false;
}
