// The first-admin flow needs a site with no admin yet, so this file starts its
// own server on a fresh data directory and reads the one-time link it prints.
import { expect, test } from "./support/fixtures.ts";
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DASHBOARD_PATH, mainNav, toast } from "./support/browser.ts";
import { E2E_EXTRA_PORTS } from "./support/server-env.ts";

const SETUP_PORT = E2E_EXTRA_PORTS.setup;
const SETUP_URL = `http://localhost:${SETUP_PORT}`;
const SETUP_INVALID = "This setup link is invalid, has expired or has already been used.";

let server: ChildProcess | undefined;
let dataDir = "";
let output = "";
let setupLink = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "artist-site-e2e-setup-"));
  server = spawn(process.execPath, ["server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(SETUP_PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: SETUP_URL,
      DATA_DIR: dataDir,
      DATABASE_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));
  server.stderr!.setEncoding("utf8").on("data", (chunk: string) => (output += chunk));

  setupLink = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`No setup link within 30 s. Output:\n${output}`)), 30_000);
    const check = () => {
      const match = output.match(/(\S+\/setup\?token=[\w-]+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    server!.stdout!.on("data", check);
    server!.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited (${code}) before printing a setup link. Output:\n${output}`));
    });
  });
});

test.afterAll(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test("the one-time setup link creates the first admin and then stops working", async ({ page }) => {
  expect(setupLink.startsWith(`${SETUP_URL}/setup?token=`)).toBe(true);

  await page.goto(setupLink);
  await expect(page.getByRole("heading", { name: "Set up your site" })).toBeVisible();
  await page.getByLabel("Name").fill("First Admin");
  await page.getByLabel("Email", { exact: true }).fill("first-admin@example.com");
  await page.getByLabel("Password").fill("a-strong-first-password");
  await page.getByRole("button", { name: "Create Admin Account" }).click();

  await expect(page).toHaveURL(`${SETUP_URL}${DASHBOARD_PATH}`);
  await expect(page.getByRole("heading", { name: "Welcome, First Admin" })).toBeVisible();
  await expect(toast(page, "success", "Your admin account is ready.")).toBeVisible();
  await expect(mainNav(page).getByRole("link", { name: "Dashboard" })).toBeVisible();

  // The same link, used again (even by someone else), no longer works.
  await page.goto(setupLink);
  await expect(page.getByText(SETUP_INVALID)).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Admin Account" })).toHaveCount(0);

  // Replaying the form submission with the spent token is refused too.
  const replay = await page.request.post(`${SETUP_URL}/setup`, {
    headers: { Origin: SETUP_URL },
    form: {
      token: new URL(setupLink).searchParams.get("token")!,
      name: "Second Admin",
      email: "second-admin@example.com",
      password: "another-strong-password",
    },
    maxRedirects: 0,
  });
  expect(replay.status()).toBe(403);
  expect(await replay.text()).toContain(SETUP_INVALID);

  const fresh = await page.context().browser()!.newContext();
  const stranger = await fresh.newPage();
  await stranger.goto(setupLink);
  await expect(stranger.getByText(SETUP_INVALID)).toBeVisible();
  await fresh.close();
});
