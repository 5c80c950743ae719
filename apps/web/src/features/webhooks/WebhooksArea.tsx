import { Route, Routes } from 'react-router-dom';
import { WebhookDetailPage } from './WebhookDetailPage';
import { WebhooksListPage } from './WebhooksListPage';

/** /settings/webhooks/*: the list, and one endpoint with its delivery log (one lazy entry). */
export function WebhooksArea() {
  return (
    <Routes>
      <Route index element={<WebhooksListPage />} />
      <Route path=":webhookId" element={<WebhookDetailPage />} />
    </Routes>
  );
}
