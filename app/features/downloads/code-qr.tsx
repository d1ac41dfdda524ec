import { encode } from "uqr";

/**
 * A QR code of `url`, drawn as one SVG path: dark modules on their own white
 * ground, whatever the theme, so a phone's camera reads it on screen and on
 * paper. Each row's runs of dark modules are one rectangle each.
 */
export function CodeQr({ url, label, className }: { url: string; label: string; className?: string }) {
  // The standard's quiet zone of four modules: on a dark card on screen the code still stands apart.
  const { data, size } = encode(url, { ecc: "M", border: 4 });
  let path = "";
  data.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      const start = x;
      while (row[x + 1]) x++;
      path += `M${start} ${y}h${x - start + 1}v1h-${x - start + 1}z`;
    }
  });
  return (
    <svg viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges" className={className}>
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
