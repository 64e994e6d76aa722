import { NotFoundPanel } from '../shell/States';

export default function NotFound() {
  return <NotFoundPanel />;
}
