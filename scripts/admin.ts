// npm run admin -- create --email E --password P --name N | grant E | revoke E | password E --password P | list
import { existsSync } from "node:fs";
import { parseArgs } from "node:util";
import { isAPIError } from "better-auth/api";
import { z } from "zod";
import { createAdmin, grantAdmin, listAdmins, revokeAdmin, setPassword } from "#app/features/auth/admins.server.ts";
import { USER_FIELD_LIMITS } from "#app/lib/auth/auth.server.ts";
import { createServices } from "#app/services.server.ts";

const USAGE = `Usage:
  npm run admin -- create --email E --password P --name N   create an admin (or promote an existing account)
  npm run admin -- grant E                                   make an existing account admin
  npm run admin -- revoke E                                  take admin away and end that account's sessions
  npm run admin -- password E --password P                   set a new password (when no reset mail can be sent) and end that account's sessions
  npm run admin -- list                                      list admins
  npm run admin -- --help                                    this text`;

// The same bounds as every other way in (app/lib/auth/auth.server.ts). How guessable
// the password is, better-auth's hook decides when the account is created, and
// setPassword by the same check for `password`.
const passwordInput = z
  .string("--password is required")
  .min(8, "--password must be at least 8 characters")
  .max(128, "--password can be at most 128 characters");
const createInput = z.object({
  email: z
    .string("--email is required")
    .trim()
    .max(USER_FIELD_LIMITS.email, `--email can be at most ${USER_FIELD_LIMITS.email} characters`)
    .pipe(z.email("--email must be an e-mail address")),
  password: passwordInput,
  name: z
    .string("--name is required")
    .trim()
    .min(1, "--name is required")
    .max(USER_FIELD_LIMITS.name, `--name can be at most ${USER_FIELD_LIMITS.name} characters`),
});

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(2);
}

if (existsSync(".env")) process.loadEnvFile(".env");
let parsed: ReturnType<typeof readArgs>;
function readArgs() {
  return parseArgs({
    allowPositionals: true,
    options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" }, help: { type: "boolean", short: "h" } },
  });
}
try {
  parsed = readArgs();
} catch (error) {
  // An option we do not know (a typo, --verbose): said plainly, with the usage, not as a stack trace.
  fail(error instanceof Error ? (error.message.split(". ")[0] ?? error.message) : String(error));
}
const { positionals, values } = parsed;
const [command, target] = positionals;
if (values.help || command === "help") {
  console.log(USAGE);
  process.exit(0);
}
if (!command) fail("No command given.");

const services = await createServices();
try {
  switch (command) {
    case "create": {
      const input = createInput.safeParse(values);
      if (!input.success) fail(input.error.issues.map((i) => i.message).join("\n"));
      const outcome = await createAdmin(services, input.data).catch((error: unknown) => {
        // better-auth's refusal (a guessable password…) is a message for the operator, not a crash.
        if (isAPIError(error)) return { refused: error.message };
        throw error;
      });
      if (typeof outcome === "object") {
        console.error(`Could not create the admin: ${outcome.refused}`);
        process.exitCode = 1;
        break;
      }
      console.log(
        outcome === "created"
          ? `Created admin ${input.data.email.toLowerCase()}.`
          : `${input.data.email.toLowerCase()} already had an account; it is now an admin (password unchanged).`,
      );
      break;
    }
    case "grant":
    case "revoke": {
      const email = target ?? values.email;
      if (!email) fail(`${command} needs an e-mail address.`);
      const done = command === "grant" ? await grantAdmin(services, email) : await revokeAdmin(services, email);
      if (!done) {
        console.error(`No account with the e-mail ${email}. The person can sign up at /login first.`);
        process.exitCode = 1;
      } else {
        console.log(command === "grant" ? `${email} is now an admin.` : `${email} is no longer an admin; their sessions were ended.`);
      }
      break;
    }
    case "password": {
      const email = target ?? values.email;
      if (!email) fail("password needs an e-mail address.");
      const password = passwordInput.safeParse(values.password);
      if (!password.success) fail(password.error.issues.map((i) => i.message).join("\n"));
      const outcome = await setPassword(services, email, password.data);
      if (outcome === "no-account") {
        console.error(`No account with the e-mail ${email}.`);
        process.exitCode = 1;
      } else if (typeof outcome === "object") {
        console.error(`Could not change the password: ${outcome.refused}`);
        process.exitCode = 1;
      } else {
        console.log(`The password of ${email} is changed; their sessions were ended.`);
      }
      break;
    }
    case "list": {
      const admins = await listAdmins(services);
      if (admins.length === 0) console.log("No admins yet.");
      for (const admin of admins) console.log(`${admin.email}\t${admin.name}`);
      break;
    }
    default:
      fail(`Unknown command "${command}".`);
  }
} finally {
  await services.close();
}
