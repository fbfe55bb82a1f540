// /admin/cards: the two home carousels, 'Our Works' and 'Performance & Awards', each with its own table.
import { PictureTable } from '../../../components/admin/picture-table.jsx';
import { useContent } from '../../../lib/content.js';
import { cardCalls } from '../api.js';

const carousels = [
  { section: 'works', title: 'Our Works', createTitle: 'Create Works card' },
  { section: 'awards', title: 'Performance & Awards', createTitle: 'Create Awards card' },
].map((carousel) => ({ ...carousel, calls: cardCalls(carousel.section) }));

export function CardsAdminPage() {
  const content = useContent();
  return (
    <div className="admin-stack">
      {carousels.map(({ section, title, createTitle, calls }) => (
        <PictureTable
          key={section}
          title={title}
          noun="card"
          createTitle={createTitle}
          items={content[section]}
          calls={calls}
          kind="card"
        />
      ))}
    </div>
  );
}
