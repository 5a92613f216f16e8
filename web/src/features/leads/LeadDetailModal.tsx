import { Modal } from '../../components/Modal';
import { useCalculations } from '../../lib/calculations';
import { CalculationDetailsList } from '../calculations/CalculationDetails';
import { LeadPacks } from '../packs/LeadPacks';
import { LEAD_SOURCE_LABELS, type Lead, londonDateTime } from './leadModel';

/** A lead's facts and every calculation the broker made for it. */
export function LeadDetailModal({ lead, onClose }: { lead: Lead; onClose(): void }) {
  const calculations = useCalculations(lead.name);
  // Dates always show (a dash when never); the company's details only when known.
  const details: [string, string | null][] = [
    ['Company Number', lead.companyNumber],
    ['Industry', lead.industry],
    ['SIC Codes', lead.sicCodes.join(', ')],
    ['Size', lead.estimatedSize],
    ['Location', lead.location],
    ['Postcode', lead.postcode],
  ];
  const facts: [string, string][] = [
    ['Status', lead.contacted ? 'Contacted' : 'Not Contacted'],
    ['Source', LEAD_SOURCE_LABELS[lead.source]],
    ['Added', londonDateTime(lead.firstAddedAt)],
    ['Last Contacted', londonDateTime(lead.lastContactedAt)],
    ['Last Calculated', londonDateTime(lead.lastCalculatedAt)],
    ...details.filter((f): f is [string, string] => Boolean(f[1])),
  ];
  const count = calculations.data?.length;
  return (
    <Modal title={lead.name} description="Lead details" onClose={onClose} size="lg">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-xl bg-slate-50 p-3 text-sm sm:p-4 md:grid-cols-3">
        {facts.map(([label, value]) => (
          <div key={label} className="min-w-0">
            <dt className="text-[11px] font-medium uppercase tracking-wide text-slate-500">{label}</dt>
            <dd className="break-words font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mb-3 mt-5 font-semibold text-slate-800">
        {count === undefined ? 'Calculation Details' : `Calculation Details (${count})`}
      </h3>
      <CalculationDetailsList companyName={lead.name} />
      <LeadPacks leadId={lead.id} />
    </Modal>
  );
}
