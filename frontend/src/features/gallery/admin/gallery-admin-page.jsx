// /admin/gallery: the gallery's photos with their captions, in the order the gallery page shows them.
import { PictureTable } from '../../../components/admin/picture-table.jsx';
import { useContent } from '../../../lib/content.js';
import { galleryCalls } from '../api.js';

export function GalleryAdminPage() {
  const { gallery } = useContent();
  return <PictureTable title="Gallery" noun="image" createTitle="Add image" items={gallery} calls={galleryCalls} kind="gallery" />;
}
