// A DataTable of usePagedList's rows, with the search, sort and count above it and the pager below.
import { useRef } from 'react';
import { DataTable } from './data-table.jsx';
import { ListControls, Pager } from './list-controls.jsx';

/**
 * `list` is usePagedList's answer. `noun` names one row ('user', 'message'); `searchLabel` is the search box's
 * label; `empty` is what the table says when there are no rows at all (a search that finds none says so itself);
 * `filters` are the list's own controls beside the search. The other props go to DataTable.
 */
export function PagedTable({ list, noun, searchLabel, empty, filters, ...table }) {
  const sectionRef = useRef(null);
  // A turn from the pager under a long table shows the new page from its top.
  const showTop = () => {
    const top = sectionRef.current?.getBoundingClientRect().top;
    if (top < 0) sectionRef.current.scrollIntoView({ block: 'start' });
  };
  return (
    <DataTable
      {...table}
      ref={sectionRef}
      rows={list.rows}
      loadFailed={list.loadFailed}
      busy={list.loading}
      empty={list.searched ? `No ${noun}s match “${list.searched}”.` : empty}
      controls={
        <ListControls list={list} searchLabel={searchLabel} noun={noun}>
          {filters}
        </ListControls>
      }
      footer={<Pager list={list} label={`Pages of ${noun}s`} onTurn={showTop} />}
    />
  );
}
