import { formatRate } from '@pippitch/shared/format';
import { pairInfo } from '@pippitch/shared/pair-catalogue';
import type { CurrencyPair } from '@pippitch/shared/pairs';
import { useState } from 'react';
import { StrokeIcon } from '../../components/Icon';
import { Modal } from '../../components/Modal';
import { PairSelect } from '../../components/PairSelect';
import { DateTimeSearch } from './DateTimeSearch';
import { HistoricalChart } from './HistoricalChart';

export interface HistoricalRateModalProps {
  initialPair: CurrencyPair;
  onClose(): void;
  /**
   * The chosen rate, 4 decimals, the pair it is for (the broker may have switched pair in here) and its moment
   * (ISO instant: the searched minute, or the picked chart point's).
   */
  onUseRate(rate: string, pair: CurrencyPair, at: string): void;
}

/**
 * Historical Exchange Rates (spec §2): a price chart to click a rate from, or a search for the rate at a
 * date and London time. Full screen on a phone. Loaded on demand: this module and ECharts are a chunk of their
 * own. Mounted only while open.
 */
export default function HistoricalRateModal({ initialPair, onClose, onUseRate }: HistoricalRateModalProps) {
  const [pair, setPair] = useState<CurrencyPair>(initialPair);
  const [view, setView] = useState<'chart' | 'search'>('chart');

  function use(rate: string, at: string) {
    onUseRate(rate, pair, at);
    onClose();
  }

  return (
    <Modal title="Historical Exchange Rates" onClose={onClose} size="lg" fullScreenOnMobile>
      <div className="space-y-4">
        <div className="flex items-end justify-between gap-3">
          <PairSelect className="w-36 sm:w-48" value={pair} onChange={setPair} />
          <button
            type="button"
            onClick={() => setView(view === 'chart' ? 'search' : 'chart')}
            className="inline-flex shrink-0 items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm font-semibold text-slate-800 ring-1 ring-slate-300 hover:bg-slate-50"
          >
            {view === 'chart' ? (
              <>
                <StrokeIcon viewBox="0 0 20 20" className="h-4 w-4" strokeWidth={1.8}>
                  <rect x="3" y="4.5" width="14" height="12.5" rx="2" />
                  <path d="M3 8.5h14M7 2.5v4M13 2.5v4" />
                </StrokeIcon>
                Date/Time Search
              </>
            ) : (
              <>
                <StrokeIcon viewBox="0 0 20 20" className="h-4 w-4">
                  <path d="M16 10H4m5-5l-5 5 5 5" />
                </StrokeIcon>
                Back to Chart
              </>
            )}
          </button>
        </div>

        {view === 'chart' ? (
          <HistoricalChart
            pair={pair}
            onPick={(p) => use(formatRate(p.price, pairInfo(pair).decimals), new Date(p.t).toISOString())}
          />
        ) : (
          <DateTimeSearch pair={pair} onUseRate={use} />
        )}
      </div>
    </Modal>
  );
}
