import type { ReactElement } from 'react';
import { EtaxExportPage } from './etax/EtaxExportPage';
import { QuizzesPage } from './quizzes/QuizzesPage';
import { ReconcilePage } from './reconcile/ReconcilePage';
import { UserProductGroupByType } from './resources/user-product-group';
import { UserCommentPage } from './reviews/UserCommentPage';
import { SendPage } from './send/SendPage';

/** Pages that are not one resource's list: their route under /admin, and the sidebar paths they serve. */
export interface CustomPage {
  route: string;
  element: ReactElement;
  serves: string[];
}

export const customPages: CustomPage[] = [
  {
    route: 'userProductGroup/:type',
    element: <UserProductGroupByType />,
    serves: ['userProductGroup/facebook', 'userProductGroup/line'],
  },
  { route: 'send', element: <SendPage />, serves: ['send'] },
  { route: 'ordersReconcile', element: <ReconcilePage />, serves: ['ordersReconcile'] },
  { route: 'etax', element: <EtaxExportPage />, serves: ['etax'] },
  { route: 'test', element: <QuizzesPage />, serves: ['test'] },
  { route: 'userComment', element: <UserCommentPage />, serves: ['userComment'] },
];

export const customPaths = customPages.flatMap((p) => p.serves);
