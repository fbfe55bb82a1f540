// The one toast container (its own chunk, with react-toastify): top-right, 5 s, pauses, drag to dismiss at 80 %.
import { ToastContainer } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';

export default function ToastHost() {
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      draggablePercent={80}
    />
  );
}
