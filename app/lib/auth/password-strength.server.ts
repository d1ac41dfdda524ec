/**
 * Passwords people pick most often are the first ones guessed, whatever the
 * rate limit. Two checks, both loaded on first use, not at start-up:
 * - the 20,000 most common passwords (ranked list from
 *   @zxcvbn-ts/language-common, drawn from leaked-password corpora), compared
 *   without case;
 * - zxcvbn's estimate, which also catches what no list holds: repeats
 *   (`aaaaaaaa`, eight spaces), sequences (`abcdefgh`), keyboard runs, l33t
 *   spellings of words (`Passw0rd!`), and the person's own name or address.
 *   Scores 0 and 1 (under about a million guesses) are refused; 2 and up
 *   resist an online attacker held to our sign-in limit.
 */
export const COMMON_PASSWORD_MESSAGE = "This password is too common. Please choose one that is harder to guess.";
export const WEAK_PASSWORD_MESSAGE = "This password is too easy to guess. Try a longer one, or a few unrelated words.";
const LIST_SIZE = 20_000;
const LOWEST_ACCEPTED_SCORE = 2;

type Estimator = { common: Set<string>; score(password: string, userInputs: string[]): Promise<number> };

let estimator: Promise<Estimator> | undefined;

function loadEstimator(): Promise<Estimator> {
  estimator ??= Promise.all([import("@zxcvbn-ts/core"), import("@zxcvbn-ts/language-common")]).then(([{ ZxcvbnFactory }, language]) => {
    const zxcvbn = new ZxcvbnFactory({ dictionary: language.dictionary, graphs: language.adjacencyGraphs });
    return {
      common: new Set(language.dictionary["passwords-common"].slice(0, LIST_SIZE).map((word) => word.toLowerCase())),
      async score(password, userInputs) {
        return (await zxcvbn.check(password, userInputs)).score;
      },
    };
  });
  return estimator;
}

/**
 * Why `password` may not be used, or null when it may. `userInputs` (the
 * person's e-mail, name) count as words an attacker would try first.
 */
export async function passwordProblem(password: string, userInputs: (string | undefined)[] = []): Promise<string | null> {
  const { common, score } = await loadEstimator();
  if (common.has(password.toLowerCase())) return COMMON_PASSWORD_MESSAGE;
  // zxcvbn's cost grows with length; better-auth caps passwords at 128 characters before this runs.
  const inputs = userInputs.flatMap((input) => (input ? [input, ...input.split(/[@.\s_-]+/)] : [])).filter((word) => word.length >= 3);
  return (await score(password.slice(0, 128), inputs)) < LOWEST_ACCEPTED_SCORE ? WEAK_PASSWORD_MESSAGE : null;
}
