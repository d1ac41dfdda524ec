import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { handleLogout } from "#app/features/auth/login.server.ts";
import { servicesOf } from "#app/lib/platform/app-context.ts";

export const loader = () => redirect("/");

export function action({ request, context }: Route.ActionArgs) {
  return handleLogout(servicesOf(context), request);
}
