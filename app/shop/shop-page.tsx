import { cookies, headers } from "next/headers";
import { notFound } from "next/navigation";
import type { Environment } from "@/db/schema";
import { getDb } from "@/server/db/connection";
import { clock } from "@/server/lib/clock";
import { countryName } from "@/server/payments/countries";
import { formatEuros, formatRate } from "@/server/payments/pay-messages";
import { pickLocale, type Locale } from "@/server/orders/locales";
import type { OrderView } from "@/server/orders/order-view";
import { DEFAULT_ACCENT, textOnAccent } from "@/server/shop/accent-colors";
import type { PackState, ShopPack } from "@/server/shop/shop-catalog";
import { linkRefusalOf, shopErrorOf, shopMessages, type ShopMessages } from "@/server/shop/shop-messages";
import { openShopPage } from "@/server/shop/shop-page-data";
import { shopPath } from "@/server/shop/shop-paths";
import { emailCookieName, sessionCookieName } from "./shop-cookies";
import { ShopShell, type ShopTheme } from "./shop-shell";

type Query = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined): string | undefined => (typeof value === "string" ? value : undefined);

const FOCUS = "focus:outline-none focus-visible:ring-4 focus-visible:ring-offset-2 focus-visible:ring-slate-900";
const SECONDARY = `inline-flex min-h-11 items-center justify-center rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 ${FOCUS}`;

/** The shop of one game and environment (app/shop/[game]/page.tsx and …/test/page.tsx). */
export async function ShopPage({ slug, env, query }: { slug: string; env: Environment; query: Query }) {
  const jar = await cookies();
  const data = await openShopPage(await getDb(), {
    slug,
    env,
    sessionCookie: jar.get(sessionCookieName(env))?.value,
    orderId: one(query.order),
  });
  if (!data) notFound();
  const { shop, visitor, contents } = data;
  const locale = pickLocale(one(query.lang) ?? visitor?.locale ?? null, (await headers()).get("accept-language"));
  const t = shopMessages[locale];
  const accent = shop.settings.accentColor ?? DEFAULT_ACCENT;
  const theme: ShopTheme = { accent, onAccent: textOnAccent(accent) };
  const base = shopPath(shop.slug, env);
  const action = (name: string) => `${base}/act/${name}`;
  const error = shopErrorOf(one(query.error));
  const refused = linkRefusalOf(one(query.refused));
  const backToGame = shop.settings.returnUrl ? (
    <a href={shop.settings.returnUrl} data-testid="back-to-game" className={SECONDARY}>
      {t.backToGame}
    </a>
  ) : null;
  const shell = { lang: locale, gameName: shop.gameName, title: t.shop, logoUrl: shop.settings.logoUrl, testBanner: env === "test" ? t.testBanner : null, theme };

  if (!visitor || !contents) {
    const codeStep = one(query.signin) === "code" ? decodeURIComponent(jar.get(emailCookieName(env))?.value ?? "") : "";
    return (
      <ShopShell {...shell}>
        {refused && (
          <section aria-labelledby="refused-title" data-testid="link-refused" data-reason={refused} className="mb-6 rounded-2xl bg-white p-5 shadow ring-1 ring-slate-900/5">
            <h1 id="refused-title" className="text-xl font-bold text-slate-900">
              {t.refusedTitle}
            </h1>
            <p className="mt-2 text-slate-800">{t.refused[refused]}</p>
            <p className="mt-2 text-sm text-slate-700">{t.refusedHint}</p>
            {backToGame && <div className="mt-4">{backToGame}</div>}
          </section>
        )}
        <SignIn t={t} theme={theme} action={action} locale={locale} email={codeStep} error={error} headingLevel={refused ? 2 : 1} />
        {!refused && backToGame && <div className="mt-6 text-center">{backToGame}</div>}
      </ShopShell>
    );
  }

  const name = visitor.player.displayName ?? visitor.player.externalId ?? visitor.player.id;
  return (
    <ShopShell
      {...shell}
      headerEnd={
        <form method="post" action={action("sign-out")}>
          <button type="submit" data-testid="sign-out" className={SECONDARY}>
            {t.signOut}
          </button>
        </form>
      }
    >
      <h1 className="sr-only">{`${shop.gameName} · ${t.shop}`}</h1>
      <p className="mb-4 break-words text-sm text-slate-700" data-testid="signed-in-as">
        {t.signedInAs(name)}
      </p>
      {data.confirmation && <Confirmation order={data.confirmation} t={t} locale={locale} />}
      <section aria-labelledby="balances-title" className="mb-6 rounded-2xl bg-white p-4 shadow ring-1 ring-slate-900/5">
        <h2 id="balances-title" className="text-sm font-semibold uppercase tracking-wide text-slate-700">
          {t.balances}
        </h2>
        <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-2" data-testid="balances">
          {contents.balances.map((balance) => (
            <li key={balance.currency} data-testid={`balance-${balance.currency}`} data-total={balance.total} className="text-lg font-bold text-slate-900">
              {balance.total.toLocaleString(locale)} <span className="text-sm font-medium text-slate-700">{balance.name}</span>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="packs-title" id="packs" className="mb-6">
        <h2 id="packs-title" className="mb-3 text-xl font-bold text-slate-900">
          {t.packs}
        </h2>
        {error && (
          <p role="alert" data-testid="shop-error" data-error={error} className="mb-3 rounded-md border border-rose-200 bg-rose-50 p-3 text-sm text-rose-900">
            {t.errors[error]}
          </p>
        )}
        {contents.packs.length === 0 ? (
          <p className="text-slate-700">{t.noPacks}</p>
        ) : (
          <form method="post" action={action("buy")}>
            <input type="hidden" name="lang" value={locale} />
            <div className="mb-4 rounded-2xl bg-white p-4 shadow ring-1 ring-slate-900/5">
              <label htmlFor="creator-code" className="block text-sm font-medium text-slate-900">
                {t.creatorCode}
              </label>
              <p id="creator-code-hint" className="text-xs text-slate-700">
                {t.creatorCodeHint}
              </p>
              <input
                id="creator-code"
                name="creatorCode"
                data-testid="creator-code"
                autoComplete="off"
                autoCapitalize="characters"
                maxLength={32}
                aria-describedby="creator-code-hint"
                className="mt-2 w-full rounded-lg border border-slate-400 px-3 py-2 text-base uppercase text-slate-900"
              />
            </div>
            <ul className="grid gap-4 sm:grid-cols-2">
              {contents.packs.map((pack) => (
                <PackCard key={pack.sku} pack={pack} t={t} locale={locale} theme={theme} now={clock.now()} />
              ))}
            </ul>
          </form>
        )}
      </section>

      <Orders orders={contents.orders} t={t} locale={locale} />
      {backToGame && <div className="mt-6 text-center">{backToGame}</div>}
    </ShopShell>
  );
}

function SignIn(props: {
  t: ShopMessages;
  theme: ShopTheme;
  action: (name: string) => string;
  locale: Locale;
  email: string;
  error: ReturnType<typeof shopErrorOf>;
  headingLevel: 1 | 2;
}) {
  const { t, theme } = props;
  const Heading = props.headingLevel === 1 ? "h1" : "h2";
  const button = { backgroundColor: theme.accent, color: theme.onAccent };
  return (
    <section aria-labelledby="sign-in-title" id="sign-in" className="rounded-2xl bg-white p-5 shadow ring-1 ring-slate-900/5" data-testid="sign-in">
      <Heading id="sign-in-title" className="text-xl font-bold text-slate-900">
        {t.signInTitle}
      </Heading>
      <p className="mt-2 text-sm text-slate-700">{t.signInText}</p>
      {props.error && (
        <p role="alert" data-testid="shop-error" data-error={props.error} className="mt-3 rounded-md border border-rose-200 bg-rose-50 p-3 text-sm text-rose-900">
          {t.errors[props.error]}
        </p>
      )}
      {props.email ? (
        <>
          <p className="mt-3 text-sm text-slate-800" role="status">
            {t.codeSent}
          </p>
          <form method="post" action={props.action("verify")} className="mt-3 space-y-3">
            <input type="hidden" name="lang" value={props.locale} />
            <p className="break-words text-sm font-medium text-slate-900">{props.email}</p>
            <label htmlFor="code" className="block text-sm font-medium text-slate-900">
              {t.code}
            </label>
            <input id="code" name="code" data-testid="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required className="w-full rounded-lg border border-slate-400 px-3 py-2 text-base tracking-widest text-slate-900" />
            <button type="submit" data-testid="verify" style={button} className={`min-h-11 w-full rounded-lg px-4 py-2 font-semibold ${FOCUS}`}>
              {t.verify}
            </button>
          </form>
          <form method="post" action={props.action("restart")} className="mt-2">
            <button type="submit" className={SECONDARY}>
              {t.otherAddress}
            </button>
          </form>
        </>
      ) : (
        <form method="post" action={props.action("code")} className="mt-3 space-y-3">
          <input type="hidden" name="lang" value={props.locale} />
          <label htmlFor="email" className="block text-sm font-medium text-slate-900">
            {t.email}
          </label>
          <input id="email" name="email" type="email" data-testid="email" autoComplete="email" required maxLength={254} className="w-full rounded-lg border border-slate-400 px-3 py-2 text-base text-slate-900" />
          <button type="submit" data-testid="send-code" style={button} className={`min-h-11 w-full rounded-lg px-4 py-2 font-semibold ${FOCUS}`}>
            {t.sendCode}
          </button>
        </form>
      )}
    </section>
  );
}

/** One formatter per language for the process: building one costs more than the rest of a receipt line. */
const dateFormats = new Map<Locale, Intl.DateTimeFormat>();
const relativeFormats = new Map<Locale, Intl.RelativeTimeFormat>();

function formatDate(iso: string, locale: Locale): string {
  let format = dateFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });
    dateFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}

/** "in 3 days", "in 5 hours": a countdown a phone screen can hold. */
function relative(iso: string, now: Date, locale: Locale): string {
  const minutes = Math.max(1, Math.round((Date.parse(iso) - now.getTime()) / 60_000));
  let format = relativeFormats.get(locale);
  if (!format) relativeFormats.set(locale, (format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" })));
  if (minutes < 60) return format.format(minutes, "minute");
  if (minutes < 48 * 60) return format.format(Math.round(minutes / 60), "hour");
  return format.format(Math.round(minutes / (24 * 60)), "day");
}

/** The line under a pack saying when it starts, ends, or why it cannot be bought, in the visitor's words. */
function stateLine(state: PackState, reader: { t: ShopMessages; locale: Locale; now: Date }): string | null {
  const { t, locale, now } = reader;
  switch (state.kind) {
    case "starts":
      return state.startsAt ? t.states.startsOn(formatDate(state.startsAt, locale)) : t.errors.notAvailable;
    case "sold-out":
      return t.states.soldOut;
    case "limit-reached":
      return t.states.limitReached;
    case "on-sale":
      return state.endsAt ? t.states.endsIn(relative(state.endsAt, now, locale)) : null;
  }
}

function PackCard({ pack, t, locale, theme, now }: { pack: ShopPack; t: ShopMessages; locale: Locale; theme: ShopTheme; now: Date }) {
  const price = pack.priceCents === 0 ? "0 €" : formatEuros(pack.priceCents, locale);
  const buyable = pack.state.kind === "on-sale";
  const preOrder = pack.state.kind === "on-sale" && pack.state.preOrder;
  const line = stateLine(pack.state, { t, locale, now });
  const titleId = `pack-${pack.sku}-title`;
  return (
    <li data-testid={`pack-${pack.sku}`} data-state={pack.state.kind} className="flex min-w-0 flex-col rounded-2xl bg-white p-4 shadow ring-1 ring-slate-900/5">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h3 id={titleId} className="min-w-0 break-words text-lg font-bold text-slate-900">
          {pack.name}
        </h3>
        <div className="flex flex-wrap gap-1">
          {pack.badge && <span className="rounded-full bg-slate-900 px-2 py-0.5 text-xs font-semibold text-white">{pack.badge}</span>}
          {pack.founder && <span className="rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold text-amber-950">{t.states.founder}</span>}
        </div>
      </div>
      {pack.description && <p className="mt-1 break-words text-sm text-slate-700">{pack.description}</p>}
      <p className="mt-3 text-xs font-semibold uppercase tracking-wide text-slate-700">{t.inside}</p>
      <ul className="mt-1 space-y-0.5 text-sm text-slate-900">
        {pack.grants.map((grant) => (
          <li key={grant.name} className="break-words">
            {grant.amount.toLocaleString(locale)} {grant.name}
            {grant.bonus > 0 && <span className="font-semibold text-emerald-800"> + {grant.bonus.toLocaleString(locale)} {t.bonus}</span>}
          </li>
        ))}
        {pack.items.map((item) => (
          <li key={item.name} className="break-words">
            {item.name} × {item.quantity.toLocaleString(locale)}
          </li>
        ))}
      </ul>
      {preOrder && <p className="mt-2 text-sm text-amber-900">{t.states.preOrderNote}</p>}
      {line && (
        <p className="mt-2 text-sm font-medium text-slate-800" data-testid="pack-state">
          {line}
        </p>
      )}
      {pack.remaining !== null && buyable && <p className="mt-1 text-xs text-slate-700">{t.states.remaining(pack.remaining.toLocaleString(locale))}</p>}
      <div className="mt-auto pt-4">
        <p className="text-xs text-slate-700">{t.priceNote(formatRate(pack.vat.vatRateBp, locale), countryName(pack.vat.country, locale))}</p>
        {buyable ? (
          <button
            type="submit"
            name="packSku"
            value={pack.sku}
            data-testid={`buy-${pack.sku}`}
            aria-describedby={titleId}
            style={{ backgroundColor: theme.accent, color: theme.onAccent }}
            className={`mt-2 min-h-11 w-full rounded-lg px-4 py-2 text-base font-semibold shadow ${FOCUS}`}
          >
            {preOrder ? t.preOrder(price) : t.buy(price)}
          </button>
        ) : (
          <p className="mt-2 rounded-lg bg-slate-100 px-4 py-2 text-center text-base font-semibold text-slate-700">{price}</p>
        )}
      </div>
    </li>
  );
}

function Confirmation({ order, t, locale }: { order: OrderView; t: ShopMessages; locale: Locale }) {
  const paid = order.status === "fulfilled" || order.status === "paid";
  const text = paid ? t.confirmation.fulfilled : order.status === "pending" ? t.confirmation.pending : t.confirmation.other;
  return (
    <div
      role="status"
      data-testid="confirmation"
      data-status={order.status}
      className={`mb-6 rounded-2xl p-4 text-sm ${paid ? "border border-emerald-200 bg-emerald-50 text-emerald-950" : "border border-slate-300 bg-white text-slate-900"}`}
    >
      <p className="font-semibold">{text}</p>
      <p className="mt-1 break-words">
        {order.pack.name} · {formatEuros(order.amountCents, locale)}
      </p>
    </div>
  );
}

function Orders({ orders, t, locale }: { orders: OrderView[]; t: ShopMessages; locale: Locale }) {
  return (
    <section aria-labelledby="orders-title" className="rounded-2xl bg-white p-4 shadow ring-1 ring-slate-900/5">
      <h2 id="orders-title" className="text-xl font-bold text-slate-900">
        {t.orders}
      </h2>
      {orders.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{t.noOrders}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200" data-testid="orders">
          {orders.map((order) => (
            <li key={order.id} data-testid={`order-${order.id}`} className="py-2">
              <details>
                <summary className={`cursor-pointer rounded text-sm text-slate-900 ${FOCUS}`}>
                  <span className="font-semibold">{order.pack.name}</span> · {formatEuros(order.amountCents, locale)} · {t.orderStatus[order.status] ?? order.status} ·{" "}
                  {formatDate(order.createdAt, locale)}
                </summary>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm text-slate-800" data-testid="receipt">
                  <dt>{t.receipt.order}</dt>
                  <dd className="break-all font-mono text-xs">{order.id}</dd>
                  <dt>{t.receipt.date}</dt>
                  <dd>{formatDate(order.paidAt ?? order.createdAt, locale)}</dd>
                  <dt>{t.receipt.status}</dt>
                  <dd>{t.orderStatus[order.status] ?? order.status}</dd>
                  <dt>{t.receipt.country}</dt>
                  <dd>{countryName(order.country, locale)}</dd>
                  <dt>{t.receipt.net}</dt>
                  <dd>{formatEuros(order.netCents, locale)}</dd>
                  <dt>{t.receipt.vat(formatRate(order.vatRateBp, locale))}</dt>
                  <dd>{formatEuros(order.vatCents, locale)}</dd>
                  <dt className="font-semibold">{t.receipt.total}</dt>
                  <dd className="font-semibold">{formatEuros(order.amountCents, locale)}</dd>
                  {order.creatorCode && (
                    <>
                      <dt>{t.receipt.creator}</dt>
                      <dd>{order.creatorCode.code}</dd>
                    </>
                  )}
                </dl>
              </details>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
