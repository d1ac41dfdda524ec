/**
 * Puts `text` on the clipboard. The Clipboard API first; where it is missing
 * (a site opened over plain http on the local network is not a secure
 * context) or refused, the older copy command on a selected, off-screen text
 * area. Resolves to whether either worked, so the caller can show the text to
 * copy by hand instead.
 */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (permission, or the page lost focus): try the older way.
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  document.body.append(area);
  area.select();
  try {
    // Deprecated, but the only way left where the Clipboard API is not offered.
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    area.remove();
    focused?.focus();
  }
}
