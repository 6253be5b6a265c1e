import { createContext } from 'react';

/**
 * Inside a course dialog that the server drew in the page's markup (CourseDialog): what renders first must be what the
 * server rendered, whatever the browser knows that the server could not (a tap already made, where the visitor came
 * from); the difference is acted on once hydrated.
 */
export const DrawnByServer = createContext(false);
