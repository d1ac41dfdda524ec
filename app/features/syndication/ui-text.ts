// The words this feature answers with: to other programs (oEmbed consumers) and the people reading their logs.

export const OEMBED_TEXT = {
  urlMissing: "Give the address of one of this site's song pages as url.",
  repeated: (name: string) => `Give ${name} once.`,
  dimension: (name: string) => `${name} must be a whole number of pixels, from 1 to 99999.`,
  notOurs: "There is no song at that address on this site.",
  tooSmall: "No player fits in that little room.",
  formatUnsupported: "Only format=json is offered.",
} as const;
