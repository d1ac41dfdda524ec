import { createContext, useContext } from "react";
import { UPLOAD_LIMITS } from "./upload-rules.ts";

// The largest audio file this site takes (AUDIO_UPLOAD_MAX_MB, SPEC's 50 MB
// unless the operator raised it), handed down by the dashboard's loaders so
// the upload steps check a chosen file against the limit the server keeps.
const AudioUploadLimit = createContext<number>(UPLOAD_LIMITS.audio);

export const AudioUploadLimitProvider = AudioUploadLimit.Provider;
export const useAudioUploadLimit = () => useContext(AudioUploadLimit);
