-- AlterTable: an admin's send carries a key (a repeated or doubled submit records one
-- notification: the unique index lets one insert win), per admin so that two admins' keys
-- never meet.
ALTER TABLE `notifications` ADD COLUMN `sendKey` VARCHAR(64) NULL;

-- CreateIndex
CREATE UNIQUE INDEX `notifications_sentById_sendKey_key` ON `notifications`(`sentById`, `sendKey`);

-- AlterTable: each inbox row carries its e-mail's fate, so a delivery job that is retried sends
-- only the e-mails still owed, and the notification's status is read from the rows (decision 050).
ALTER TABLE `notification_recipients`
  ADD COLUMN `emailStatus` ENUM('skipped', 'pending', 'sent', 'failed') NOT NULL DEFAULT 'skipped',
  ADD COLUMN `emailAttempts` INTEGER NOT NULL DEFAULT 0,
  ADD COLUMN `emailSentAt` DATETIME(3) NULL;
