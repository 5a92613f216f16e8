import type { AppRouter } from '@pippitch/server';
import type { inferRouterOutputs } from '@trpc/server';

type SimilarOutput = inferRouterOutputs<AppRouter>['finder']['similar'];

/** A company the client's name may stand for. */
export type FinderMatch = NonNullable<SimilarOutput['match']>;

/** What the finder made of the client's name: the match, the other choices, and how the industry was found. */
export interface FinderAnswer {
  match: FinderMatch | undefined;
  choices: FinderMatch[];
  basis: SimilarOutput['basis'];
}

export function answerOf(res: SimilarOutput): FinderAnswer {
  return { match: res.match, choices: res.choices ?? [], basis: res.basis };
}
