// Importing subscribers from another tool's CSV in the dashboard's Subscribers panel.
import { randomUUID } from "node:crypto";
import { DASHBOARD_PATH, waitForHydration } from "./support/browser.ts";
import { signInAsAdmin } from "./support/dashboard.ts";
import { withE2eDb } from "./support/db.ts";
import { expect, test } from "./support/fixtures.ts";

test("an admin imports a CSV: new addresses join the list as imported, bad lines are named, and the list shows them at once", async ({
  page,
}) => {
  const tag = randomUUID().slice(0, 8);
  const fresh = [`import-a-${tag}@fans.example`, `import-b-${tag}@fans.example`];
  await signInAsAdmin(page);
  await page.goto(DASHBOARD_PATH);
  await waitForHydration(page);
  const panel = page.getByRole("region", { name: "Subscribers" });
  await expect(panel.getByRole("button", { name: "Import CSV" })).toHaveAccessibleDescription(/not confirmed on this site/);

  const csv = ["email,name", `${fresh[0]},Ada`, "nobody-at-all,Bo", `"${fresh[1]}","Vale, C."`].join("\r\n");
  await panel.locator('input[type="file"]').setInputFiles({ name: "mailchimp-export.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });

  const status = panel.getByRole("status");
  await expect(status).toContainText("Imported: 2 added, 0 already on the list, 0 left off, 1 line could not be read.");
  await expect(status).toContainText("Imported addresses were not confirmed on this site");
  await expect(status.getByRole("list", { name: "Lines that could not be read" })).toHaveText(/Line 3: Invalid email address/);
  for (const email of fresh) await expect(panel.getByRole("list", { name: "Subscribers, newest first" }).getByText(email)).toBeVisible();

  const stored = await withE2eDb((db) =>
    db.selectFrom("subscribers").select(["email", "source", "subscribed"]).where("email", "in", fresh).orderBy("email").execute(),
  );
  expect(stored).toEqual(fresh.map((email) => ({ email, source: "import", subscribed: 1 })));
  await withE2eDb((db) => db.deleteFrom("subscribers").where("email", "in", fresh).execute());
});
