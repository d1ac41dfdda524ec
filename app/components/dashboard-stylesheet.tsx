import dashboardStylesheet from "#app/dashboard.css?url";

/**
 * The dashboard's utilities (app/dashboard.css), kept out of the stylesheet
 * every fan loads. React puts it in the head after app.css and, on a
 * client-side visit, shows the page once it has loaded.
 */
export function DashboardStylesheet() {
  return <link rel="stylesheet" href={dashboardStylesheet} precedence="default" />;
}
