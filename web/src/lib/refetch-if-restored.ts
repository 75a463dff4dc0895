/**
 * `refetchOnMount` for data a guest must see as it is now (a booking's status): an answer restored
 * from the device's saved cache (fetched before this page load) is shown while it is asked again at
 * once, however fresh its time says it is; one fetched since the page loaded (a route's prefetch,
 * another screen's) follows the query's `staleTime` as usual.
 */
export function refetchIfRestored(query: { state: { dataUpdatedAt: number } }): boolean | 'always' {
  return query.state.dataUpdatedAt < performance.timeOrigin ? 'always' : true;
}
