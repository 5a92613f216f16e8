// Dates are written the same way on every page and in every e-mail: the rule lives in shared/.
export { formatDate } from '@pippitch/shared/format';
