import { coverSrcSet, coverVariantKey, mediaUrl } from "#app/domain/song.ts";

/**
 * A song's square cover from its AVIF/WebP variants. Width and height are
 * always set, so the page never shifts while it loads.
 */
export function CoverImage({
  coverKey,
  alt,
  size,
  sizes,
  priority = false,
  className = "",
}: {
  coverKey: string;
  alt: string;
  /** Rendered CSS size in pixels (intrinsic width and height). */
  size: number;
  /** The `sizes` attribute; defaults to the fixed size. */
  sizes?: string;
  priority?: boolean;
  className?: string;
}) {
  const fallbackWidth = size <= 96 ? 96 : size <= 192 ? 192 : 384;
  return (
    <picture>
      <source type="image/avif" srcSet={coverSrcSet(coverKey, "avif")} sizes={sizes ?? `${size}px`} />
      <source type="image/webp" srcSet={coverSrcSet(coverKey, "webp")} sizes={sizes ?? `${size}px`} />
      <img
        src={mediaUrl(coverVariantKey(coverKey, fallbackWidth, "webp"))}
        alt={alt}
        width={size}
        height={size}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding="async"
        className={className}
      />
    </picture>
  );
}
