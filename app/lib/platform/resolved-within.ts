/**
 * What a loader can hand to `<Await>` without holding the page back: the value
 * when `promise` fulfils within `ms` (it then goes in the first HTML, and nothing
 * moves when it would have streamed in), else `promise` itself, still pending or
 * rejected, which the page streams behind its loading or failure state.
 */
export async function resolvedWithin<T>(promise: Promise<T>, ms: number): Promise<{ value: T | Promise<T> }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ms);
  });
  try {
    const settled = await Promise.race([
      promise.then(
        (value) => ({ value }),
        () => null,
      ),
      late,
    ]);
    return settled ?? { value: promise };
  } finally {
    clearTimeout(timer);
  }
}
