import dashboardStylesheet from "#app/dashboard.css?url";

/**
 * The dashboard's utilities (app/dashboard.css), kept out of the stylesheet
 * every fan loads. A precedence of its own, after the root's "default": React
 * orders precedences as it first meets them, so these rules come after
 * app.css's and win where both set a property (`hidden` and
 * `pointer-coarse:inline`). Within one precedence React writes the linked
 * sheets before the inline <style> that app.css now is (decision 019). On a
 * client-side visit React shows the page once the sheet has loaded.
 */
export function DashboardStylesheet() {
  return <link rel="stylesheet" href={dashboardStylesheet} precedence="dashboard" />;
}
