-- The session that switched push on in a browser: its end (logout, revocation, expiry) removes
-- the browser's subscription (decision 060). Browsers subscribed before stay until switched off.
ALTER TABLE `push_subscriptions` ADD COLUMN `sessionId` INTEGER NULL;
CREATE INDEX `push_subscriptions_sessionId_idx` ON `push_subscriptions`(`sessionId`);
ALTER TABLE `push_subscriptions` ADD CONSTRAINT `push_subscriptions_sessionId_fkey` FOREIGN KEY (`sessionId`) REFERENCES `sessions`(`id`) ON DELETE CASCADE ON UPDATE CASCADE;
