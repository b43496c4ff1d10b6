"use client";

import { Card, PageHeader } from "@/components/ui/primitives";
import { GameSettingsCard } from "./game-settings-card";
import { KeysCard } from "./keys-card";
import { OriginsCard } from "./origins-card";
import { PaymentsCard } from "./payments-card";
import { SellerCard } from "./seller-card";
import { ShopCard } from "./shop-card";
import { StoresCard } from "./stores-card";

type Props = { gameId: string; env: "test" | "live"; canEdit: boolean };

export function GameSettingsPage({ canManagePayments = false, ...props }: Props & { canManagePayments?: boolean }) {
  return (
    <div className="space-y-6">
      <PageHeader title="Keys & settings" description="Secret keys stay on your servers; publishable keys go in game clients." />
      <KeysCard {...props} />
      <OriginsCard {...props} />
      <GameSettingsCard gameId={props.gameId} canEdit={props.canEdit} />
      {canManagePayments ? (
        <>
          {/* The live overview links here (#payments) when live has no provider. */}
          <div id="payments" className="space-y-6">
            <PaymentsCard gameId={props.gameId} env={props.env} />
            <SellerCard gameId={props.gameId} />
            <ShopCard gameId={props.gameId} env={props.env} />
          </div>
          <div id="stores">
            <StoresCard gameId={props.gameId} env={props.env} />
          </div>
        </>
      ) : (
        <Card title="Payments and stores">
          <p className="text-sm text-slate-600">
            Only admins and owners can see and change the payment provider, the seller&apos;s details, the web shop and the App Store and Google Play settings.
          </p>
        </Card>
      )}
    </div>
  );
}
