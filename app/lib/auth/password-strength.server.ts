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
 * person's e-mail, name) and `siteWords` (the artist's name, the site's
 * address) count as words an attacker would try first.
 */
export async function passwordProblem(
  password: string,
  userInputs: (string | undefined)[] = [],
  siteWords: (string | undefined)[] = [],
): Promise<string | null> {
  const { common, score } = await loadEstimator();
  if (common.has(password.toLowerCase())) return COMMON_PASSWORD_MESSAGE;
  const wordsOf = (inputs: (string | undefined)[]) =>
    inputs.flatMap((input) => (input ? [input, ...input.split(/[@.\s_-]+/)] : [])).filter((word) => word.length >= 3);
  const inputs = wordsOf([...userInputs, ...siteWords]);
  // zxcvbn's cost grows with length; better-auth caps passwords at 128 characters before this runs.
  const guessed = password.slice(0, 128);
  if ((await score(guessed, inputs)) < LOWEST_ACCEPTED_SCORE) return WEAK_PASSWORD_MESSAGE;
  // Against the site's own words, as strong as what is left once they are taken out: the
  // artist's name is on every page, so "Juniper2026!" on Juniper Vale's site is "2026!".
  const words = [...new Set(wordsOf(siteWords).map((word) => word.toLowerCase()))]
    .filter((word) => word.length >= 4)
    .sort((a, b) => b.length - a.length);
  const rest = words.reduce((left, word) => left.split(word).join(""), guessed.toLowerCase());
  if (rest !== guessed.toLowerCase() && (await score(rest, inputs)) < LOWEST_ACCEPTED_SCORE) return WEAK_PASSWORD_MESSAGE;
  return null;
}
