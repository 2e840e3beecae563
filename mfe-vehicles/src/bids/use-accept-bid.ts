/** Accepting a bid, asked first: it sells the vehicle and declines the other bids. */
import type { Bid } from '@meridian/shared/contract/bid';
import { formatMinor } from '@meridian/shared/money-text';
import { api } from '@meridian/shared/http/api';
import { useConfirmedAction } from '@meridian/shared/ui/use-confirmed-action';
import { BID_API } from './bid-api';
import { acceptQuestion, BID_TEXT } from './bid-text';

export function useAcceptBid(onAccepted?: () => void) {
  const { confirmAction, reloadToken } = useConfirmedAction();
  const accept = (bid: Bid) =>
    confirmAction({
      question: acceptQuestion(formatMinor(bid.amountMinor, bid.currency), bid.bidderName),
      detail: BID_TEXT.acceptDetail,
      okText: BID_TEXT.accept,
      call: async () => {
        await api.put(BID_API.accept, { bidId: bid.id });
        onAccepted?.();
      },
      done: BID_TEXT.accepted,
    });
  return { accept, reloadToken };
}
