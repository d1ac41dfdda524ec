import { buttonClass } from "#app/components/ui/button.tsx";
import { absoluteUrl } from "#app/lib/document/meta.ts";
import type { PressFile } from "./press-file.ts";
import { PressSection } from "./press-section.tsx";
import { pressFilePath } from "./press-paths.ts";
import { formatFileSize, PRESS_PAGE_TEXT } from "./ui-text.ts";

/** The artist's PDFs (rider, stage plot, one-sheet) with their sizes; on paper, with the address to fetch each. */
export function PressFilesList({ files, origin }: { files: PressFile[]; origin: string }) {
  if (files.length === 0) return null;
  return (
    <PressSection part="files" title={PRESS_PAGE_TEXT.filesHeading}>
      <ul className="divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white dark:divide-stone-800 dark:border-stone-800 dark:bg-stone-900 print:divide-y-0 print:rounded-none print:border-0">
        {files.map((file) => {
          const path = pressFilePath(file.id, file.title);
          return (
            <li
              key={file.id}
              className="flex flex-wrap items-center justify-between gap-3 px-5 py-4 print:break-inside-avoid print:px-0 print:py-1"
            >
              <div className="min-w-0">
                <p className="font-semibold wrap-break-word print:text-sm">{file.title}</p>
                <p className="text-sm text-stone-600 dark:text-stone-400 print:text-xs">
                  {PRESS_PAGE_TEXT.fileKind(formatFileSize(file.size))}
                  <span className="hidden break-all print:inline"> · {absoluteUrl(origin, path)}</span>
                </p>
              </div>
              <a href={path} download className={`${buttonClass("secondary", "sm")} print:hidden`}>
                {PRESS_PAGE_TEXT.downloadFile(file.title)}
              </a>
            </li>
          );
        })}
      </ul>
    </PressSection>
  );
}
