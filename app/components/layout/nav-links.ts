export const primaryNav = [
  { to: "/", label: "Home" },
  { to: "/bio", label: "Bio" },
  { to: "/music", label: "Music" },
  { to: "/shows", label: "Shows" },
  { to: "/contact", label: "Contact" },
] as const;
