// The record an admin edit page shows: the one whose id is in the address (the route's `:id`).
import { useCallback } from 'react';
import { useParams } from 'react-router-dom';
import { useApiData } from '../../lib/api-hooks.js';

/** `fetchById(id)` is the api call that loads one record; answers useApiData's {data, loadFailed, reload}. */
export function useRecord(fetchById) {
  const { id } = useParams();
  const load = useCallback(() => fetchById(id), [fetchById, id]);
  return useApiData(load);
}
