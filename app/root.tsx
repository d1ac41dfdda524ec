import { useEffect, useRef, useState, type ReactNode } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  useLoaderData,
  useLocation,
  useNavigation,
  useNavigationType,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { FullPageLoader } from "#app/components/full-page-loader.tsx";
import { SiteFooter } from "#app/components/layout/site-footer.tsx";
import { SiteHeader } from "#app/components/layout/site-header.tsx";
import { SignInNotice } from "#app/components/layout/sign-in-notice.tsx";
import { ErrorPage } from "#app/components/error-page.tsx";
import { ToastProvider, useToasts } from "#app/components/toast/toast-provider.tsx";
import { NewsletterForm } from "#app/features/newsletter/newsletter-form.tsx";
import { NowPlayingBar } from "#app/features/player/now-playing-bar.tsx";
import { PlayerProvider, usePlayer } from "#app/features/player/player-context.tsx";
import { watchPlayMilestones } from "#app/features/player/play-milestones.ts";
import { countPlay, countView, UNCOUNTED_ATTRIBUTE, viewBeaconScript } from "#app/features/numbers/beacon.ts";
import { themeBootScript } from "#app/components/theme/theme.ts";
import { earlyTapsScript, markHydrated } from "#app/lib/document/early-taps.ts";
import { appContext, servicesOf } from "#app/lib/platform/app-context.ts";
import { currentContentVersion } from "#app/lib/db/content-version.server.ts";
import { useBareDocument } from "#app/lib/document/document-handle.ts";
import { FEED_PATH } from "#app/domain/public-paths.ts";
import { absoluteUrl, socialImagePath, type SiteMeta } from "#app/lib/document/meta.ts";
import { useNonce } from "#app/lib/document/nonce.tsx";
import { isAdmin } from "#app/lib/auth/profile.ts";
import { getProfile } from "#app/lib/auth/session.server.ts";
import { dashboardPath } from "#app/domain/site/site-config.server.ts";
import { siteSettingsOf } from "#app/domain/site/site-settings.server.ts";
import { supportOffered } from "#app/domain/site/site-config-schema.ts";
import { pressKitIsPublic } from "#app/features/press/press-kit.server.ts";
import { PRESS_PATH } from "#app/features/press/press-paths.ts";
import type { FlashToast } from "#app/lib/http/toast.ts";
import { takeToast } from "#app/lib/http/toast.server.ts";
import appStylesheet from "./app.css?url";
import appStylesheetText from "./app.css?inline";

/**
 * The stylesheet's rules, in the server's HTML only: a phone paints the page
 * with the document itself instead of waiting for a second request (about
 * 10 kB compressed; with the scripts' low priority, Lighthouse's first paint
 * on a slow 4G phone went from 1.9 s to 0.8 s, decision 019). The client renders the same <style> empty:
 * React finds the server's by its href and leaves it as it is, and the
 * client bundle never carries the text.
 */
const firstPaintCss = import.meta.env.SSR ? appStylesheetText : "";
/** Runs once, from the server's document; hydration keeps the element as it is. */
const earlyTapsSource = import.meta.env.SSR ? earlyTapsScript() : "";
/** Counts the document's page for the artist's Numbers once it is parsed (app/features/numbers/beacon.ts). */
const viewBeaconSource = import.meta.env.SSR ? viewBeaconScript() : "";

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = servicesOf(context);
  const [profile, flash, settings] = await Promise.all([
    getProfile(services, request),
    takeToast(services.env, request),
    siteSettingsOf(context),
  ]);
  const { artist } = settings;
  // The footer links the press kit once it has something in it; a failure to tell leaves the link out.
  const pressKit = await pressKitIsPublic(services.db, settings.press).catch((error: unknown) => {
    console.error("Looking whether the press kit is out failed", error);
    return false;
  });
  const siteMeta: SiteMeta = {
    origin: services.env.publicUrl,
    artistName: artist.name,
    tagline: artist.tagline,
    description: artist.description,
    genres: artist.genres,
    socialImagePath: socialImagePath(context.get(appContext).contentVersion ?? (await currentContentVersion(services.db))),
  };
  return data(
    {
      siteMeta,
      year: new Date().getFullYear(),
      social: settings.social.links,
      pressPath: pressKit ? PRESS_PATH : null,
      // Ways to support the artist, once there is one: the footer, the home page and release pages show them.
      support: supportOffered(settings.support) ? settings.support : null,
      user: profile ? { displayName: profile.displayName, email: profile.email } : null,
      // Decided here, on the server: only admins are ever told where the dashboard is.
      dashboardPath: isAdmin(profile) ? dashboardPath : null,
      toast: flash.toast,
      // When this page was made, signed: public forms refuse posts sooner than a person could type.
      formStarted: context.get(appContext).formStarted(),
    },
    flash.setCookie ? { headers: { "Set-Cookie": flash.setCookie } } : undefined,
  );
}

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const bare = useBareDocument();
  const root = useRouteLoaderData<typeof loader>("root");
  if (bare) {
    // The embeddable player: its own theme and controls are inline scripts of
    // the page, so no <Scripts />: no hydration, no bundle for another site's
    // visitors to download (docs/decisions/016-embeds-and-feeds.md).
    return (
      <html lang="en">
        <head>
          <meta charSet="utf-8" />
          <meta name="viewport" content="width=device-width, initial-scale=1" />
          <meta name="color-scheme" content="light dark" />
          <link rel="stylesheet" href={appStylesheet} precedence="default" />
          <Meta />
          <Links />
        </head>
        <body>{children}</body>
      </html>
    );
  }
  return (
    // The boot script sets the theme class before React hydrates.
    // The artist's own visits are not counted in their Numbers.
    <html lang="en" suppressHydrationWarning {...(root?.dashboardPath ? { [UNCOUNTED_ATTRIBUTE]: "" } : {})}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeBootScript }} />
        {/* Keeps a fan's taps from before hydration (app/lib/document/early-taps.ts). */}
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: earlyTapsSource }} />
        <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: viewBeaconSource }} />
        {/* precedence: React keeps it in the head, ahead of the script preloads. In development, Vite updates the linked file. */}
        {import.meta.env.DEV ? (
          <link rel="stylesheet" href={appStylesheet} precedence="default" />
        ) : (
          <style href={appStylesheet} precedence="default">
            {firstPaintCss}
          </style>
        )}
        <Meta />
        <Links />
        {root ? (
          <link
            rel="alternate"
            type="application/rss+xml"
            href={absoluteUrl(root.siteMeta.origin, FEED_PATH)}
            title={`${root.siteMeta.artistName}: releases`}
          />
        ) : null}
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Every route change scrolls smoothly to the top (back/forward keeps the browser's position). */
function ScrollToTopOnNavigate() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigationType === "POP") return;
    const reduce = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    window.scrollTo({ top: 0, behavior: reduce ? "auto" : "smooth" });
  }, [pathname, navigationType]);
  return null;
}

/**
 * The artist's Numbers (decision 029): a page seen after each navigation in
 * the app (the document's first is the head script's), and each track's play
 * as it starts, passes 30 seconds heard and reaches its end.
 */
function CountVisits() {
  const { pathname } = useLocation();
  const store = usePlayer();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    countView();
  }, [pathname]);
  useEffect(() => watchPlayMilestones(store, countPlay), [store]);
  return null;
}

/** The full-page loader, shown only when loading a page takes long enough to notice. */
function NavigationLoader() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const [visible, setVisible] = useState(false);
  const loading = navigation.state === "loading" && navigation.location.pathname !== pathname;
  useEffect(() => {
    if (!loading) return setVisible(false);
    const timer = setTimeout(() => setVisible(true), 400);
    return () => clearTimeout(timer);
  }, [loading]);
  return visible ? <FullPageLoader /> : null;
}

function FlashToastShower({ toast }: { toast: FlashToast | null }) {
  const { addToast } = useToasts();
  useEffect(() => {
    // A sign-in notice is said in the page instead (SignInNotice).
    if (toast && !toast.signInTo) addToast(toast.message, toast.type, toast.duration);
  }, [toast, addToast]);
  return null;
}

export default function App() {
  const { siteMeta, year, social, pressPath, support, user, dashboardPath: dashboard, toast, formStarted } = useLoaderData<typeof loader>();
  const bare = useBareDocument();
  // The whole page answers now: taps kept from before are carried out (app/lib/document/early-taps.ts).
  useEffect(markHydrated, []);
  if (bare) return <Outlet />;
  return (
    <ToastProvider>
      <PlayerProvider>
        <FlashToastShower toast={toast} />
        <ScrollToTopOnNavigate />
        <CountVisits />
        <NavigationLoader />
        <SiteHeader artistName={siteMeta.artistName} dashboardPath={dashboard} user={user} />
        <main id="main" className="flex-1">
          {toast?.signInTo ? <SignInNotice key={toast.signInTo} message={toast.message} returnTo={toast.signInTo} /> : null}
          <Outlet />
        </main>
        <SiteFooter
          artistName={siteMeta.artistName}
          year={year}
          social={social}
          pressPath={pressPath}
          support={support}
          signedIn={user !== null}
          newsletter={<NewsletterForm variant="footer" formStarted={formStarted} />}
        />
        <NowPlayingBar />
      </PlayerProvider>
    </ToastProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "Page Not Found" : "Something went wrong";
  if (!notFound) console.error(error);
  return (
    <>
      <title>{rootData ? `${title} | ${rootData.siteMeta.artistName}` : title}</title>
      <meta name="robots" content="noindex" />
      <main id="main" className="flex flex-1 flex-col">
        <ErrorPage
          code={notFound ? "404" : undefined}
          title={title}
          message={
            notFound
              ? "The page you are looking for does not exist or has moved."
              : "An unexpected error occurred. Please try again in a moment."
          }
        />
      </main>
    </>
  );
}
