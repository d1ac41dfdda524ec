import { streamingServices, type Song } from "#app/domain/song.ts";

/** A song's own links to the streaming services it is on; nothing when it is on none. */
export function StreamingLinks({
  song,
  label,
  className,
  linkClassName,
}: {
  song: Song;
  label: string;
  className: string;
  linkClassName: string;
}) {
  const links = streamingServices.filter((service) => song.streamingLinks[service.key]);
  if (links.length === 0) return null;
  return (
    <ul className={className} aria-label={label}>
      {links.map((service) => (
        <li key={service.key}>
          <a href={song.streamingLinks[service.key]} target="_blank" rel="noopener noreferrer" className={linkClassName}>
            {service.label}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
