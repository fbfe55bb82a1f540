// /admin/gallery: the gallery's photos with their captions, in the order the gallery page shows them.
import { useContent } from '../../../lib/content.js';
import { createGalleryImage, deleteGalleryImage, orderGallery, updateGalleryImage } from '../api.js';
import { PictureTable } from '../../../components/admin/picture-table.jsx';

const galleryApi = {
  create: createGalleryImage,
  update: updateGalleryImage,
  remove: deleteGalleryImage,
  order: orderGallery,
};

export function GalleryAdminPage() {
  const { gallery } = useContent();
  return <PictureTable title="Gallery" noun="image" createTitle="Add image" items={gallery} api={galleryApi} />;
}
