import { DEFAULT_DESK_PAIRS, orderDeskPairs, sourcingWords } from '@pippitch/shared/desk-pairs';
import { type CataloguePair, PAIR_CATALOGUE, searchPairs } from '@pippitch/shared/pair-catalogue';
import { useEffect, useId, useState } from 'react';
import { CheckList } from '../../components/CheckList';
import { FIELD_CONTROL } from '../../components/Field';
import { Alert, Button, Card } from '../../components/ui';
import { errorMessage } from '../../lib/failure';
import { trpc } from '../../lib/trpc';

/**
 * The admin's choice of the pairs the desk quotes (issue 34 §3): every ECB currency against GBP, EUR and USD,
 * searchable by code or currency name, each saying how it is priced. New pairs' history loads in the background;
 * the Market data card shows how far it has got.
 */
export function DeskPairsCard() {
  const searchId = useId();
  const utils = trpc.useUtils();
  const desk = trpc.company.pairs.useQuery();
  const [chosen, setChosen] = useState<CataloguePair[] | null>(null);
  const [query, setQuery] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => {
    if (desk.data && chosen === null) setChosen(desk.data);
  }, [desk.data, chosen]);
  const save = trpc.company.setPairs.useMutation({
    onSuccess: (r) => {
      setNote(r.message);
      setChosen(r.pairs);
      void utils.company.pairs.invalidate();
      void utils.market.dataStatus.invalidate();
    },
    onError: (err) => setProblem(errorMessage(err)),
  });
  const current = chosen ?? [...DEFAULT_DESK_PAIRS];
  const toggle = (code: CataloguePair, on: boolean) => {
    setNote(null);
    setProblem(null);
    setChosen(orderDeskPairs(on ? [...current, code] : current.filter((p) => p !== code)));
  };
  const listed = searchPairs(query, PAIR_CATALOGUE);
  return (
    <Card>
      <h2 className="text-lg font-semibold">Currency pairs</h2>
      <p className="mt-1 text-sm text-slate-600">
        The pairs your brokers can pitch: {current.length} chosen. Minute prices where a market exists; crosses the
        market does not quote are derived from two legs at the same minute.
      </p>
      <label htmlFor={searchId} className="mt-3 block text-sm font-medium text-slate-700">
        Search pairs by code or currency
      </label>
      <input
        id={searchId}
        type="search"
        className={FIELD_CONTROL}
        placeholder="PLN, zloty, yen, Hong Kong…"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
      />
      <CheckList
        className="mt-2 max-h-72 divide-y divide-slate-100 rounded-lg border border-slate-200"
        items={listed}
        keyOf={(p) => p.code}
        checked={(p) => current.includes(p.code)}
        onToggle={(p, on) => toggle(p.code, on)}
        label={(p) => (
          <span className="min-w-0">
            <span className="font-medium">{p.label}</span> <span className="text-slate-600">{p.name}</span>
            <span className="block text-xs text-slate-500">{sourcingWords(p.code)}</span>
          </span>
        )}
        empty={<li className="px-3 py-2 text-sm text-slate-500">No pair matches.</li>}
      />
      {problem && (
        <div className="mt-3">
          <Alert tone="error">{problem}</Alert>
        </div>
      )}
      {note && (
        <div className="mt-3">
          <Alert tone="success">{note}</Alert>
        </div>
      )}
      <Button
        className="mt-3"
        disabled={save.isPending || current.length === 0}
        onClick={() => save.mutate({ pairs: current })}
      >
        {save.isPending ? 'Saving…' : 'Save pairs'}
      </Button>
    </Card>
  );
}
