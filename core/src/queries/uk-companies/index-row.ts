/**
 * The UK company index (company_index, sic_codes, sic_hierarchy) is public reference data, loaded from the bundled
 * files and the same for every tenant: no row belongs to a company of ours, so these queries take no `Scope` (issue
 * 36 §2). What a card reads of a company_index row, written once for every query of this folder.
 */
import type { Row } from '@pippitch/sql';
import { sql } from 'kysely';

export const CARD_COLUMNS = [
  'id',
  'name',
  'company_number',
  'normalized_name',
  'industry',
  'sic_codes',
  'sic_subclasses',
  'sic_classes',
  'sic_groups',
  'sic_divisions',
  'sic_sections',
  'locality',
  'postcode',
  'region',
  'size_band',
  'size_rank',
  'company_type',
  'is_subsidiary',
  'parent_name',
] as const;

/** A company_index row as the finder and the search read it: the generated table type, narrowed to CARD_COLUMNS. */
export type IndexRow = Pick<Row<'company_index'>, (typeof CARD_COLUMNS)[number]>;

/** CARD_COLUMNS of `company_index c`, for the raw statements below. */
export const cardColumns = sql.join(CARD_COLUMNS.map((c) => sql.ref(`c.${c}`)));
