/** A staff member signed in to a running instance over HTTP, calling the dashboard's tRPC procedures as the browser does. */

export type StaffSession = {
  /** A tRPC mutation (superjson): the `json` of its result, or an error naming the answer. */
  mutate: <T>(procedure: string, input: unknown) => Promise<T>;
};

function cookiesOf(response: Response): string[] {
  return response.headers.getSetCookie().map((cookie) => cookie.split(";")[0] ?? "");
}

/** next-auth's credentials flow: CSRF token and cookie, then the credentials callback; the cookies a browser then sends. */
export async function signedInCookie(baseUrl: string, email: string, password: string): Promise<string> {
  const csrf = await fetch(`${baseUrl}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const csrfCookies = cookiesOf(csrf);
  const answer = await fetch(`${baseUrl}/api/auth/callback/credentials`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: csrfCookies.join("; "), "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ email, password, csrfToken, callbackUrl: "/dashboard", json: "true" }),
  });
  const session = cookiesOf(answer).find((cookie) => /session-token=./.test(cookie));
  if (!session) throw new Error(`sign-in of ${email} gave no session (${answer.status} ${await answer.text()})`);
  return [...csrfCookies, session].join("; ");
}

/** A signed-in staff member calling the dashboard's tRPC procedures. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<StaffSession> {
  const cookie = await signedInCookie(baseUrl, email, password);

  return {
    async mutate<T>(procedure: string, input: unknown): Promise<T> {
      const response = await fetch(`${baseUrl}/api/trpc/${procedure}`, {
        method: "POST",
        // Same origin as the dashboard (PUBLIC_URL), as the browser sends it: the cross-site guard lets it through.
        headers: { cookie, "content-type": "application/json", origin: new URL(baseUrl).origin },
        body: JSON.stringify({ json: input }),
      });
      const text = await response.text();
      if (response.status !== 200) throw new Error(`${procedure} answered ${response.status}: ${text}`);
      return (JSON.parse(text) as { result: { data: { json: T } } }).result.data.json;
    },
  };
}
