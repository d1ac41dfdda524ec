import type { CSSProperties } from "react";
import { preload } from "react-dom";
import { photoFallbackSrc, photoSrcSet, type PublicPhoto } from "#app/domain/photo.ts";

/**
 * One of the artist's photos from its AVIF/WebP/JPEG variants. Its width and
 * height are always set (the page never shifts while it loads), crops keep the
 * focal point in view, and its tiny blurred copy fills the box until the image
 * paints over it. The hero (`priority`) is the page's largest paint: fetched
 * first and at once; every other photo waits until it is near the screen.
 */
export function ResponsivePhoto({
  photo,
  sizes,
  priority = false,
  className = "",
  style,
}: {
  photo: PublicPhoto;
  /** The `sizes` attribute: how wide the photo is drawn, by viewport. */
  sizes: string;
  priority?: boolean;
  /** Classes of the <img>, which sizes itself (e.g. `size-full object-cover`). */
  className?: string;
  style?: CSSProperties;
}) {
  const position = `${photo.focalX}% ${photo.focalY}%`;
  if (priority) {
    // React preloads a page's first images by itself, but never one inside <picture> (which
    // source wins is the browser's choice). The AVIF variants, in <head>, before the
    // stylesheet: the photo loads alongside the CSS instead of after the scripts. A browser
    // without AVIF skips the hint by its type and loads from the <picture> as usual.
    preload(photoFallbackSrc(photo), {
      as: "image",
      imageSrcSet: photoSrcSet(photo, "avif"),
      imageSizes: sizes,
      type: "image/avif",
      fetchPriority: "high",
    });
  }
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={photoSrcSet(photo, "avif")} sizes={sizes} />
      <source type="image/webp" srcSet={photoSrcSet(photo, "webp")} sizes={sizes} />
      <img
        // Every browser in use takes AVIF or WebP: one JPEG is enough for the rest.
        src={photoFallbackSrc(photo)}
        alt={photo.alt}
        width={photo.width}
        height={photo.height}
        loading={priority ? "eager" : "lazy"}
        fetchPriority={priority ? "high" : "auto"}
        decoding={priority ? "sync" : "async"}
        className={className}
        style={{
          objectPosition: position,
          backgroundImage: `url("${photo.placeholder}")`,
          backgroundSize: "cover",
          backgroundPosition: position,
          ...style,
        }}
      />
    </picture>
  );
}
