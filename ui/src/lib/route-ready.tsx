// Whether the route guard has let the current address through. A shell shows its frame at
// once and its page only when ready; without a guard around it (a lone screen), it is ready.
import { createContext, useContext } from 'react';

export const RouteReadyContext = createContext(true);

export function useRouteReady(): boolean {
  return useContext(RouteReadyContext);
}
