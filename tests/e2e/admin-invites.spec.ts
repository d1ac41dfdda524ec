// Issue #31, point 4: admins are added from the browser. An admin invites an
// address (this e2e server sends no mail, so the link is shown to pass on), the
// invitee sets a name and password and is an admin; the link then says it was
// used; an admin removes another after a confirm, whose session ends at once;
// the Account area keeps the history of each step.
import { DASHBOARD_PATH, toast } from "./support/browser.ts";
import { uniqueEmail } from "./support/cli.ts";
import { signInAsAdmin } from "./support/dashboard.ts";
import { expect, test } from "./support/fixtures.ts";
import { E2E_URL } from "./support/server-env.ts";

const ACCOUNT = `${DASHBOARD_PATH}/account`;

test("an admin invites an address; the invitee joins from the link; the link is then spent; the first removes them and they are out at once", async ({
  page,
  browser,
}) => {
  test.setTimeout(90_000);
  const inviter = await signInAsAdmin(page);
  const invitee = { email: uniqueEmail("invited-admin"), name: "Nova Reyes", password: "tangerine-lighthouse-42" };

  await page.goto(ACCOUNT);
  const admins = page.getByRole("region", { name: "Admins" });
  await admins.getByLabel("Their email address").fill(invitee.email);
  await admins.getByRole("button", { name: "Make invite link" }).click();
  await expect(admins.getByText(`This site sends no mail, so pass this link on to ${invitee.email} yourself.`)).toBeVisible();
  const link = await admins.getByLabel("Invite link").inputValue();
  expect(link).toMatch(new RegExp(`^${E2E_URL}/invite\\?token=[A-Za-z0-9_-]{43}$`));
  await expect(admins.getByRole("list", { name: "Waiting to be accepted" })).toContainText(invitee.email);

  // The invitee, in a browser of their own.
  const theirs = await browser.newContext({ baseURL: E2E_URL });
  const them = await theirs.newPage();
  await them.goto(link);
  await expect(them.getByRole("heading", { name: "Join as an admin" })).toBeVisible();
  await expect(them.getByLabel("Email", { exact: true })).toHaveValue(invitee.email);
  await them.getByLabel("Name").fill(invitee.name);
  await them.getByLabel("Password").fill(invitee.password);
  await them.getByRole("button", { name: "Create admin account" }).click();
  await expect(them).toHaveURL(DASHBOARD_PATH);
  await expect(toast(them, "success", "You're an admin now. Welcome!")).toBeVisible();

  // Spent: the link says so, and offers the way in.
  const stranger = await browser.newPage();
  await stranger.goto(link);
  await expect(stranger.getByRole("alert")).toHaveText("This invite has been used already.");
  await expect(stranger.getByRole("main").getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  await stranger.close();

  // The first admin sees them, and takes them off after saying yes.
  await page.reload();
  const adminList = admins.getByRole("list", { name: "Admin accounts" });
  const row = adminList.getByRole("listitem").filter({ hasText: invitee.email });
  await expect(row).toContainText(invitee.name);
  await expect(admins.getByRole("list", { name: "Waiting to be accepted" })).toHaveCount(0);
  page.once("dialog", (dialog) => {
    expect(dialog.message()).toContain(`Remove ${invitee.email} as an admin?`);
    void dialog.accept();
  });
  await row.getByRole("button", { name: `Remove admin: ${invitee.email}` }).click();
  await expect(toast(page, "success", `${invitee.email} is no longer an admin.`)).toBeVisible();
  await expect(adminList.getByRole("listitem").filter({ hasText: invitee.email })).toHaveCount(0);

  // Out at once: their next page is the home page.
  await them.goto(ACCOUNT);
  await expect(them).toHaveURL("/");
  await theirs.close();

  const history = admins.getByRole("list", { name: "History" });
  await expect(history).toContainText(`Juniper (${inviter.email}) invited ${invitee.email}`);
  await expect(history).toContainText(`${invitee.name} (${invitee.email}) accepted the invite and became an admin`);
  await expect(history).toContainText(`Juniper (${inviter.email}) removed ${invitee.email}`);
});

test("an invite can be revoked: its link stops working", async ({ page, browser }) => {
  await signInAsAdmin(page);
  const email = uniqueEmail("revoked-invite");
  await page.goto(ACCOUNT);
  const admins = page.getByRole("region", { name: "Admins" });
  await admins.getByLabel("Their email address").fill(email);
  await admins.getByRole("button", { name: "Make invite link" }).click();
  const link = await admins.getByLabel("Invite link").inputValue();
  page.once("dialog", (dialog) => void dialog.accept());
  await admins.getByRole("button", { name: `Revoke: ${email}` }).click();
  await expect(toast(page, "success", `The invite to ${email} is revoked.`)).toBeVisible();
  const them = await browser.newPage();
  await them.goto(link);
  await expect(them.getByRole("alert")).toHaveText("This invite was revoked.");
  await expect(them.getByLabel("Password")).toHaveCount(0);
  await them.close();
});

test("a bad address is refused at the field, and an admin's own address is said to be one", async ({ page }) => {
  const me = await signInAsAdmin(page);
  await page.goto(ACCOUNT);
  const admins = page.getByRole("region", { name: "Admins" });
  const field = admins.getByLabel("Their email address");
  await field.fill("not an address");
  await admins.getByRole("button", { name: "Make invite link" }).click();
  await expect(admins.getByText("Please enter a valid email address")).toBeVisible();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await field.fill(me.email);
  await admins.getByRole("button", { name: "Make invite link" }).click();
  await expect(admins.getByText(`${me.email} is already an admin.`)).toBeVisible();
});
