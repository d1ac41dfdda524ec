import type { Route } from "./+types/api.auth";
import { servicesOf } from "#app/lib/platform/app-context.ts";

// better-auth's own HTTP API (sign-in, sign-up, session), for clients other than our forms.
export function loader({ request, context }: Route.LoaderArgs) {
  return servicesOf(context).auth.handler(request);
}

export function action({ request, context }: Route.ActionArgs) {
  return servicesOf(context).auth.handler(request);
}
