// The Alerts screen's calls: its pages of alerts and the read marks. They live in the admin kit
// (components/admin/alerts-api.js) because the sidebar's badge and the Dashboard make them too.
export { fetchAlerts, markAlertsRead, markAllAlertsRead } from '../../components/admin/alerts-api.js';
