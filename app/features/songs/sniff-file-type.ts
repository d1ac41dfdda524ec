// The sniffer moved down to app/lib/uploads so other features' uploads share it;
// the songs feature keeps its names.
export { SNIFF_BYTES, sniffBytes, sniffFile, type SniffedType } from "#app/lib/uploads/sniff-file-type.ts";
