// Every message about My Leads, in one place: the server's answers (a lead added by the calculator or the
// finder) and the list's own notices and questions read the same words.

const companies = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'company' : 'companies'}`;

export const LEAD_MESSAGES = {
  added: (name: string) => `Added ${name} to your list`,
  contacted: (name: string) => `Marked ${name} as contacted`,
  notContacted: (name: string) => `Marked ${name} as not contacted`,
  already: (name: string) => `${name} already in your list`,
  addFailed: 'Failed to add company to your list',
  updateFailed: (name: string) => `Failed to update ${name}. Please try again.`,
  removed: (name: string) => `Removed ${name} from your list`,
  removeFailed: (name: string) => `Failed to remove ${name} from your list. Please try again.`,
  confirmRemove: (name: string) => `Are you sure you want to remove ${name} from your list?`,
  enterName: 'Please enter a company name',
  selectSome: 'Select at least one company',
} as const;

export const BULK_MESSAGES = {
  confirmContacted: (n: number) => `Mark ${companies(n)} as contacted?`,
  confirmDelete: (n: number) => `Are you sure you want to delete ${companies(n)} from your list?`,
  updated: (n: number) => `Successfully updated ${companies(n)}`,
  deleted: (n: number) => `Successfully deleted ${companies(n)}`,
  updateFailed: 'Failed to update some companies. Please try again.',
  deleteFailed: 'Failed to delete some companies. Please try again.',
} as const;
