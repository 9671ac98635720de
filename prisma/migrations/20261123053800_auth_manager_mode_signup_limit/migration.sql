-- AlterTable
ALTER TABLE `sessions` ADD COLUMN `managerSeenAt` DATETIME(3) NULL;

-- AlterTable
ALTER TABLE `auth_attempts` MODIFY `scope` ENUM('login', 'manager_password', 'admin_login', 'signup') NOT NULL;
