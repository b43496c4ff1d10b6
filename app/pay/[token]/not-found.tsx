import { PaymentLinkNotFound } from "./not-found-view";

/** Unknown payment links answer 404 with a page the buyer understands. */
export default function NotFound() {
  return <PaymentLinkNotFound />;
}
