export const primaryNav = [
  { to: "/", label: "Home" },
  { to: "/bio", label: "Bio" },
  { to: "/music", label: "Music" },
  { to: "/contact", label: "Contact" },
] as const;
