// Generated demo photos: a singer's silhouette under stage lights, drawn as
// SVG and rendered with sharp on this machine (nothing is downloaded), in
// varied colours, poses and crops, so the demo site shows a person.
import sharp from "sharp";

export type StageScene = {
  width: number;
  height: number;
  /** What the figure does: sings at a microphone stand, plays a guitar, or a close head-and-shoulders portrait. */
  pose: "mic" | "guitar" | "portrait";
  /** Where the figure stands, 0–1 across the frame, and how tall it is relative to the frame's height. */
  x: number;
  scale: number;
  /** Background dark, background light, the main light, a second light. */
  colors: readonly [string, string, string, string];
  /** Heads of a crowd along the bottom. */
  crowd?: boolean;
  seed: number;
};

/** A small deterministic random source, so each demo photo is the same on every machine. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0xffffffff;
  };
}

// The figure, in its own units: the top of the head at y=0, about mid-thigh at y=1000.
// A face in profile, turned to the right: forehead, nose, lips, chin.
const HEAD = `<path d="M-50 70C-48 20 10-6 44 20C58 34 60 56 58 80L76 110L62 118C66 124 66 130 62 134C64 140 62 146 58 150C60 160 56 172 40 178C20 188-10 184-30 170C-50 150-54 110-50 70Z"/>`;
// Long hair, over the back of the head and down behind the shoulders.
const HAIR = `<path d="M-58 64C-62 4 34-22 58 36C40 28 22 40 14 62C4 110-4 160-14 210C-22 262-6 300 12 344L-116 334C-84 262-72 150-58 64Z"/>`;
const TORSO = `<path d="M-20 170h40v70h-40z"/><path d="M-22 225C-70 232-128 242-148 276C-162 302-158 362-148 420C-138 480-110 520-106 562C-110 622-148 682-156 742L-150 1040H150L156 742C148 682 110 622 106 562C110 520 138 480 148 420C158 362 162 302 148 276C128 242 70 232 22 225Z"/>`;
const LEFT_ARM_DOWN = `<path d="M-150 282C-182 332-188 424-180 522C-174 602-162 642-150 686L-126 680C-134 622-140 562-142 502C-140 424-138 362-126 318Z"/>`;
const RIGHT_ARM_DOWN = `<path d="M150 282C182 332 188 424 180 522C174 602 162 642 150 686L126 680C134 622 140 562 142 502C140 424 138 362 126 318Z"/>`;
const MIC_ARM = `<path d="M138 274C178 300 196 362 190 420C186 452 166 464 148 450C116 404 88 302 74 224L98 214C112 292 136 366 160 408C168 362 158 322 128 300Z"/>`;
const MIC_STAND = (light: string) =>
  `<path d="M84 206L94 210L132 1040H118Z"/><ellipse cx="72" cy="200" rx="22" ry="12" transform="rotate(28 72 200)" fill="${light}" fill-opacity="0.4"/>`;
const GUITAR = (light: string) =>
  `<g transform="rotate(22 40 640)"><rect x="-400" y="624" width="330" height="30" rx="8"/><rect x="-452" y="614" width="64" height="50" rx="12"/>
  <ellipse cx="0" cy="640" rx="118" ry="96"/><ellipse cx="130" cy="640" rx="140" ry="124"/>
  <circle cx="40" cy="640" r="30" fill="${light}" fill-opacity="0.3"/></g>
  <path d="M-150 282C-186 360-196 470-150 560C-120 600-60 610-20 600L-26 574C-70 578-110 560-126 520C-150 450-142 370-126 318Z"/>
  <path d="M150 282C186 350 190 470 150 600L126 594C154 480 150 380 126 318Z"/>`;

function figure(pose: StageScene["pose"], light: string): string {
  if (pose === "mic") return `${HAIR}${HEAD}${TORSO}${LEFT_ARM_DOWN}${MIC_ARM}${MIC_STAND(light)}`;
  if (pose === "guitar") return `${HAIR}${HEAD}${TORSO}${GUITAR(light)}`;
  return `${HAIR}${HEAD}${TORSO}${LEFT_ARM_DOWN}${RIGHT_ARM_DOWN}`;
}

/** The scene as SVG: a gradient backdrop, beams and spots, haze, the rim-lit figure, a crowd, a vignette. */
function stageSvg(scene: StageScene): string {
  const { width: w, height: h, colors } = scene;
  const [dark, backdrop, main, second] = colors;
  const next = random(scene.seed);
  // A portrait frames the head and shoulders (figure units 0–560); the others the figure to mid-thigh.
  const shown = scene.pose === "portrait" ? 560 : 1000;
  const unit = (h * scene.scale) / shown;
  const fx = w * scene.x;
  const fy = h - shown * unit * 0.98;
  const beams = Array.from({ length: 5 }, (_, i) => {
    const top = w * (0.08 + i * 0.21 + next() * 0.06);
    const spread = w * (0.1 + next() * 0.12);
    const toward = fx + (next() - 0.5) * w * 0.5;
    const colour = i % 2 === 0 ? main : second;
    return `<path d="M${top - 8} -10L${top + 8} -10L${toward + spread} ${h}L${toward - spread} ${h}Z" fill="url(#beam-${i % 2})" opacity="${(0.35 + next() * 0.3).toFixed(2)}" style="mix-blend-mode:screen" data-c="${colour}"/>`;
  }).join("");
  const bokeh = Array.from({ length: 26 }, () => {
    const r = Math.max(w, h) * (0.006 + next() * 0.02);
    return `<circle cx="${(next() * w).toFixed(0)}" cy="${(next() * h * 0.6).toFixed(0)}" r="${r.toFixed(1)}" fill="${next() > 0.5 ? main : second}" opacity="${(0.12 + next() * 0.3).toFixed(2)}"/>`;
  }).join("");
  const crowd = scene.crowd
    ? Array.from({ length: 22 }, (_, i) => {
        const cx = (i / 21) * w + (next() - 0.5) * w * 0.04;
        const r = h * (0.045 + next() * 0.025);
        const cy = h - r * (0.4 + next() * 0.5);
        return `<circle cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" r="${r.toFixed(0)}"/><rect x="${(cx - r * 1.6).toFixed(0)}" y="${(cy + r * 0.7).toFixed(0)}" width="${(r * 3.2).toFixed(0)}" height="${(r * 3).toFixed(0)}" rx="${r.toFixed(0)}"/>`;
      }).join("") +
      (next() > 0.3
        ? `<path d="M${(w * 0.3).toFixed(0)} ${h}L${(w * 0.31).toFixed(0)} ${(h * 0.78).toFixed(0)}L${(w * 0.33).toFixed(0)} ${(h * 0.76).toFixed(0)}L${(w * 0.34).toFixed(0)} ${h}Z"/>`
        : "")
    : "";
  const body = figure(scene.pose, main);
  const place = `translate(${fx.toFixed(1)} ${fy.toFixed(1)}) scale(${unit.toFixed(4)})`;
  const rim = Math.max(3, 7 / unit);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${dark}"/><stop offset="0.75" stop-color="${backdrop}"/><stop offset="1" stop-color="${dark}"/></linearGradient>
    <radialGradient id="spot" cx="${scene.x}" cy="0.38" r="0.55"><stop offset="0" stop-color="${main}" stop-opacity="0.95"/><stop offset="0.45" stop-color="${main}" stop-opacity="0.25"/><stop offset="1" stop-color="${main}" stop-opacity="0"/></radialGradient>
    <radialGradient id="glow2" cx="${(1 - scene.x).toFixed(2)}" cy="0.1" r="0.6"><stop offset="0" stop-color="${second}" stop-opacity="0.7"/><stop offset="1" stop-color="${second}" stop-opacity="0"/></radialGradient>
    <linearGradient id="beam-0" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${main}" stop-opacity="0.9"/><stop offset="1" stop-color="${main}" stop-opacity="0"/></linearGradient>
    <linearGradient id="beam-1" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${second}" stop-opacity="0.9"/><stop offset="1" stop-color="${second}" stop-opacity="0"/></linearGradient>
    <radialGradient id="vignette" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.7"/></radialGradient>
    <linearGradient id="skin" gradientUnits="userSpaceOnUse" x1="-200" y1="0" x2="220" y2="0"><stop offset="0" stop-color="#0a0608"/><stop offset="0.78" stop-color="#150d10"/><stop offset="1" stop-color="${main}" stop-opacity="0.45"/></linearGradient>
    <filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${(w / 90).toFixed(1)}"/></filter>
    <filter id="rim" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="${rim.toFixed(1)}"/></filter>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <rect width="100%" height="100%" fill="url(#glow2)"/>
  <g filter="url(#soft)">${beams}</g>
  <rect width="100%" height="100%" fill="url(#spot)"/>
  <g filter="url(#soft)">${bokeh}</g>
  <g transform="${place}">
    <g fill="${main}" filter="url(#rim)" transform="translate(${(-10).toFixed(0)} -6)" opacity="0.95">${body}</g>
    <g fill="url(#skin)">${body}</g>
  </g>
  <ellipse cx="${(w / 2).toFixed(0)}" cy="${(h * 0.62).toFixed(0)}" rx="${(w * 0.7).toFixed(0)}" ry="${(h * 0.16).toFixed(0)}" fill="${second}" opacity="0.08" filter="url(#soft)"/>
  <g fill="#050304">${crowd}</g>
  <rect width="100%" height="100%" fill="url(#vignette)"/>
</svg>`;
}

/** The scene as a JPEG, as a phone or camera would hand it over. */
export async function stagePhoto(scene: StageScene): Promise<Buffer> {
  return sharp(Buffer.from(stageSvg(scene)))
    .jpeg({ quality: 88, chromaSubsampling: "4:4:4" })
    .toBuffer();
}
