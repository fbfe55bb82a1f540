// /admin/cards: the two home carousels, 'Our Works' and 'Performance & Awards', each with its own table.
import { useContent } from '../../../lib/content.js';
import { createCard, deleteCard, orderCards, updateCard } from '../api.js';
import { PictureTable } from '../../../components/admin/picture-table.jsx';

const carousels = [
  { section: 'works', title: 'Our Works', createTitle: 'Create Works card' },
  { section: 'awards', title: 'Performance & Awards', createTitle: 'Create Awards card' },
];

const apiFor = (section) => ({
  create: (fields) => createCard({ section, ...fields }),
  update: updateCard,
  remove: deleteCard,
  order: (ids) => orderCards(section, ids),
});

export function CardsAdminPage() {
  const content = useContent();
  return (
    <div className="admin-stack">
      {carousels.map(({ section, title, createTitle }) => (
        <PictureTable
          key={section}
          title={title}
          noun="card"
          createTitle={createTitle}
          items={content[section]}
          api={apiFor(section)}
        />
      ))}
    </div>
  );
}
